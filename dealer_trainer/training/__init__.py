"""Screen-free training sessions: the quiz, the review and the drill."""
