"""A compact, read-only word graph (minimal DAWG) kept in flat arrays.

Built once, offline, with the incremental algorithm of Daciuk, Mihov, Watson & Watson (2000) for
sorted input; stored in one binary file that loads with a few memory copies and no construction, so a
game process can open the 1.15 M-word Turkish list in milliseconds and walk it letter by letter (the
crossword move generator, the Wordgrid path search).

Layout (node ids are 0..n_nodes-1, the root is 0):

* ``edge_start[n]`` .. ``edge_start[n + 1]`` is node n's edge range (uint32, n_nodes + 1 entries);
* ``terminal[n]`` is 1 when the path to n spells a word (uint8) - finality belongs to the state in the
  Daciuk automaton, so one byte per node rather than a bit copied onto every incoming edge;
* ``edge_letter[e]`` is the letter's index in the alphabet (uint8), edges sorted by it within a node;
* ``edge_target[e]`` is the child node (uint32).

File: ``MAGIC`` (8 bytes), then little-endian uint32 version, n_nodes, n_edges, n_words, byte length of
the alphabet, the alphabet as UTF-8 (one character per letter), then the four arrays in the order above.
Words enumerate in alphabet order (the order of the ``alphabet`` given to ``build``), which for
Turkish is not code-point order (ç after c, ı before i).
"""

from __future__ import annotations

import re
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator
from pathlib import Path

MAGIC = b"DGDAWG\x00\x01"
VERSION = 1
_HEADER = struct.Struct("<5I")
_MAX_LETTERS = 255


def _le(arr: array) -> array:
    """Return ``arr`` in little-endian byte order (the file's order) on any host."""
    if sys.byteorder == "big":
        arr = array(arr.typecode, arr)
        arr.byteswap()
    return arr


def _u32(values: Iterable[int] = ()) -> array:
    # 'I' is 4 bytes on every platform CPython supports today; checked so a file never silently
    # mixes widths.
    arr = array("I", values)
    if arr.itemsize != 4:
        arr = array("L", values)
        if arr.itemsize != 4:  # pragma: no cover - no such platform in use
            raise RuntimeError("no 4-byte unsigned array type on this platform")
    return arr


class Dawg:
    """A minimal acyclic word automaton; immutable once built or loaded."""

    root: int = 0

    def __init__(
        self,
        alphabet: str,
        edge_start: array,
        terminal: bytes,
        edge_letter: bytes,
        edge_target: array,
        n_words: int,
    ) -> None:
        self.alphabet = alphabet
        self._index = {ch: i for i, ch in enumerate(alphabet)}
        self._start = edge_start
        self._terminal = terminal
        self._letters = edge_letter
        self._targets = edge_target
        self._n_words = n_words

    # ------------------------------------------------------------------ construction

    @classmethod
    def build(cls, words: Iterable[str], alphabet: Iterable[str]) -> Dawg:
        """Build the minimal DAWG of ``words`` (any order, duplicates allowed).

        Raises ValueError when a word uses a character outside ``alphabet``.
        """
        letters = list(alphabet)
        if len(letters) != len(set(letters)) or any(len(ch) != 1 for ch in letters):
            raise ValueError("alphabet must be distinct single characters")
        if len(letters) > _MAX_LETTERS:
            raise ValueError(f"at most {_MAX_LETTERS} letters")
        alpha = "".join(letters)
        # Re-code every word as a string of chr(letter index) so that plain string sorting is
        # alphabet order and comparing prefixes is cheap.
        code = str.maketrans({ch: chr(i) for i, ch in enumerate(letters)})
        bad = re.compile("[^" + re.escape(alpha) + "]") if alpha else re.compile(".", re.S)
        keys = set()
        for word in words:
            if bad.search(word):
                raise ValueError(f"word {word!r} has a letter outside the alphabet")
            keys.add(word.translate(code))
        ordered = sorted(keys)

        # Registered (minimised) states are immutable tuples: (terminal, l1, c1, l2, c2, ...).
        register: dict[tuple, int] = {}
        states: list[tuple] = []

        def freeze(node: list) -> int:
            key = (node[0], *node[1])
            sid = register.get(key)
            if sid is None:
                sid = len(states)
                register[key] = sid
                states.append(key)
            return sid

        # path[d] is the unminimised state reached by prev[:d]; its edges hold only frozen children.
        path: list[list] = [[False, []]]
        prev = ""
        for key in ordered:
            lim = min(len(key), len(prev))
            cp = 0
            while cp < lim and key[cp] == prev[cp]:
                cp += 1
            for depth in range(len(prev), cp, -1):
                sid = freeze(path.pop())
                path[-1][1].extend((ord(prev[depth - 1]), sid))
            for _ in range(len(key) - cp):
                path.append([False, []])
            path[-1][0] = True
            prev = key
        for depth in range(len(prev), 0, -1):
            sid = freeze(path.pop())
            path[-1][1].extend((ord(prev[depth - 1]), sid))
        root_old = freeze(path.pop())

        # Children are frozen before parents, so the root has the highest id; renumber in reverse to
        # put it at 0 and keep the numbering a pure function of the word set.
        n = len(states)
        last = n - 1
        assert root_old == last
        edge_start = _u32([0] * (n + 1))
        terminal = bytearray(n)
        edge_letter = bytearray()
        edge_target = _u32()
        pos = 0
        for new in range(n):
            state = states[last - new]
            edge_start[new] = pos
            terminal[new] = 1 if state[0] else 0
            pairs = state[1:]
            edge_letter.extend(pairs[0::2])
            edge_target.extend(last - c for c in pairs[1::2])
            pos += len(pairs) // 2
        edge_start[n] = pos
        return cls(alpha, edge_start, bytes(terminal), bytes(edge_letter), edge_target, len(ordered))

    # ------------------------------------------------------------------ persistence

    def save(self, path: str | Path) -> None:
        """Write the one-file binary form (byte-identical for the same word set and alphabet)."""
        alpha = self.alphabet.encode("utf-8")
        n_nodes = len(self._terminal)
        with open(path, "wb") as fh:
            fh.write(MAGIC)
            fh.write(_HEADER.pack(VERSION, n_nodes, len(self._letters), self._n_words, len(alpha)))
            fh.write(alpha)
            fh.write(_le(self._start).tobytes())
            fh.write(self._terminal)
            fh.write(self._letters)
            fh.write(_le(self._targets).tobytes())

    @classmethod
    def load(cls, path: str | Path) -> Dawg:
        """Read a file written by ``save``; only copies arrays, builds nothing."""
        data = Path(path).read_bytes()
        if data[: len(MAGIC)] != MAGIC:
            raise ValueError(f"{path}: not a DAWG file")
        off = len(MAGIC)
        version, n_nodes, n_edges, n_words, alpha_len = _HEADER.unpack_from(data, off)
        if version != VERSION:
            raise ValueError(f"{path}: unsupported DAWG version {version}")
        off += _HEADER.size
        alphabet = data[off : off + alpha_len].decode("utf-8")
        off += alpha_len

        def take(size: int) -> bytes:
            nonlocal off
            chunk = data[off : off + size]
            if len(chunk) != size:
                raise ValueError(f"{path}: truncated DAWG file")
            off += size
            return chunk

        edge_start = _u32()
        edge_start.frombytes(take(4 * (n_nodes + 1)))
        terminal = take(n_nodes)
        letters = take(n_edges)
        targets = _u32()
        targets.frombytes(take(4 * n_edges))
        if off != len(data):
            raise ValueError(f"{path}: trailing bytes after DAWG data")
        return cls(alphabet, _le(edge_start), terminal, letters, _le(targets), n_words)

    # ------------------------------------------------------------------ walking

    def child(self, node: int, letter: str) -> int | None:
        """The node reached from ``node`` by ``letter``, or None."""
        idx = self._index.get(letter)
        if idx is None:
            return None
        pos = self._letters.find(idx, self._start[node], self._start[node + 1])
        return None if pos < 0 else self._targets[pos]

    def children(self, node: int) -> Iterator[tuple[str, int]]:
        """(letter, child node) pairs of ``node`` in alphabet order."""
        alphabet, letters, targets = self.alphabet, self._letters, self._targets
        for pos in range(self._start[node], self._start[node + 1]):
            yield alphabet[letters[pos]], targets[pos]

    def is_terminal(self, node: int) -> bool:
        """True when the letters leading to ``node`` spell a word."""
        return self._terminal[node] == 1

    def node_for(self, prefix: str) -> int | None:
        """The node reached by ``prefix`` from the root, or None when no word starts with it."""
        index, letters, starts, targets = self._index, self._letters, self._start, self._targets
        node = 0
        for ch in prefix:
            idx = index.get(ch)
            if idx is None:
                return None
            pos = letters.find(idx, starts[node], starts[node + 1])
            if pos < 0:
                return None
            node = targets[pos]
        return node

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        node = self.node_for(word)
        return node is not None and self._terminal[node] == 1

    def words_with_prefix(self, prefix: str = "", limit: int | None = None) -> list[str]:
        """Up to ``limit`` words starting with ``prefix``, in alphabet order."""
        node = self.node_for(prefix)
        if node is None or limit == 0:
            return []
        out: list[str] = []
        for word in self._walk(node, prefix):
            out.append(word)
            if limit is not None and len(out) >= limit:
                break
        return out

    def _walk(self, node: int, prefix: str) -> Iterator[str]:
        alphabet, letters, targets, starts, term = (
            self.alphabet,
            self._letters,
            self._targets,
            self._start,
            self._terminal,
        )
        if term[node]:
            yield prefix
        # Explicit stack of (edge position, end, prefix) keeps deep words off Python's call stack.
        stack = [(starts[node], starts[node + 1], prefix)]
        while stack:
            pos, end, pre = stack.pop()
            if pos >= end:
                continue
            stack.append((pos + 1, end, pre))
            target = targets[pos]
            word = pre + alphabet[letters[pos]]
            if term[target]:
                yield word
            stack.append((starts[target], starts[target + 1], word))

    def __iter__(self) -> Iterator[str]:
        return self._walk(0, "")

    def __len__(self) -> int:
        return self._n_words

    @property
    def node_count(self) -> int:
        return len(self._terminal)

    @property
    def edge_count(self) -> int:
        return len(self._letters)
