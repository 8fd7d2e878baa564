"""The Tower of Hanoi and Reve's puzzle: discs on three or more pegs, from any position to any
other, every position in one table ranked by the peg of each disc."""
