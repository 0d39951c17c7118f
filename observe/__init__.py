"""What the site records about itself for its operators and its measurements (issue 30): the bottom layer,
imported by any app, importing none."""
