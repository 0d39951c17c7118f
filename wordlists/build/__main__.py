"""`python -m wordlists.build [--only PREFIX] [--out DIR]`: regenerate wordlists/data/."""

import sys

from wordlists.build.pipeline import main

sys.exit(main())
