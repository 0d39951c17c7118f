"""A daily's result as a picture (PNG, drawn here with Pillow): the share that works where text does not (a chat
that shows images, a story). Spoiler-free by construction: it is drawn from the share card's own lines, the
coloured squares and the score, never from the puzzle."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

# The squares of games.kit.share, as the site's tiles paint them (static/css/wordle.css).
SQUARE_COLOURS = {
    "\U0001f7e9": "#538d4e",  # green
    "\U0001f7e8": "#b59f3b",  # amber
    "\u2b1b": "#3a3a3c",  # grey
    "\u2b1c": "#d3d6da",  # white (an empty share)
    "\U0001f7e6": "#3b6fb6",  # blue
    "\U0001f7e5": "#c0392b",  # red
}
BACKGROUND, INK, MUTED = "#121213", "#ffffff", "#9a9a9f"
WIDTH = 600
MARGIN, CELL, GAP = 40, 44, 8


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def result_picture(*, title: str, subtitle: str, score: str, rows: Sequence[str]) -> bytes:
    """The PNG: the title, the date line, the score, then each row, its squares as tiles and any other text as
    text (a Cruzadas share's "82 %")."""
    title_font, line_font, score_font = _font(34), _font(22), _font(40)
    height = MARGIN + 44 + 32 + 56 + len(rows) * (CELL + GAP) + MARGIN + 24
    image = Image.new("RGB", (WIDTH, max(height, 260)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    draw.text((MARGIN, y), title, font=title_font, fill=INK)
    y += 44
    draw.text((MARGIN, y), subtitle, font=line_font, fill=MUTED)
    y += 32
    draw.text((MARGIN, y), score, font=score_font, fill=INK)
    y += 56
    for row in rows:
        x = MARGIN
        text = ""
        for character in row:
            colour = SQUARE_COLOURS.get(character)
            if colour is None:
                text += character
                continue
            draw.rounded_rectangle((x, y, x + CELL, y + CELL), radius=6, fill=colour)
            x += CELL + GAP
        if text.strip():
            draw.text((x + (GAP if x > MARGIN else 0), y + 8), text.strip(), font=line_font, fill=INK)
        y += CELL + GAP
    draw.text((MARGIN, image.height - MARGIN), "Dream Games", font=line_font, fill=MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
