"""Accounts: who sits at a table (Player), guests by nickname, allauth glue."""
