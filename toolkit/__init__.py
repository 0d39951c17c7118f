"""What every app of the site may import and that imports none of them: the bottom of the house, beside
`observe` (docs/architecture.md, "Dependencies"). The project's `config` sits at the top and imports the
apps; an app importing a module of it drew an arrow back up, so these live here."""
