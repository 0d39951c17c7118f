"""Build pipeline for the word lists: regenerates wordlists/data/ from registry packages.

Nothing here is imported by the running site: it needs the build tools
(extra `wordlists-build` in pyproject.toml) and network access to PyPI,
Debian and npm. The site only reads the committed files in wordlists/data/.
"""
