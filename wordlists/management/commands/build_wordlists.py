"""Regenerate every word list from registry packages (PyPI, Debian, npm), then mirror the manifest.

Needs the build tools: `pip install -e ".[wordlists-build]"` and network access to the
registries. The site itself never runs this: it reads the committed files.
"""

from django.core.management.base import BaseCommand, CommandError

from wordlists.services import word_lists_sync


class Command(BaseCommand):
    help = "Rebuild wordlists/data/ deterministically from registry packages."

    def add_arguments(self, parser):
        parser.add_argument("--only", metavar="PREFIX", help="only lists whose slug starts with PREFIX")
        parser.add_argument("--out", metavar="DIR", help="write somewhere else than wordlists/data/")
        parser.add_argument(
            "--common", action="store_true", help="only derive the common lists from the committed valid lists"
        )

    def handle(self, *args, only=None, out=None, common=False, **options):
        from wordlists.build.pipeline import main

        argv = [
            *(["--only", only] if only else []),
            *(["--out", out] if out else []),
            *(["--common"] if common else []),
        ]
        if main(argv) != 0:
            raise CommandError("the build failed; see above")
        if out is None:
            self.stdout.write(f"{word_lists_sync()} lists mirrored for the admin")
