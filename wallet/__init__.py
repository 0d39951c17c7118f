"""Wallet: the double-entry stakes ledger (issue: wallet)."""
