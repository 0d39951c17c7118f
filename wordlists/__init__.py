"""Word lists for every game and language: normalisation, build pipeline, loader."""
