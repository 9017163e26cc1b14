"""Change reviews: start the impact radar from a change (a PR, a ticket, a diff, a design note)."""
