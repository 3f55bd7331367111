"""And That's How I Died: race to die gloriously, with exact odds of a Legendary Adventure."""
