"""Screen-free training sessions (quiz, review, drill), their recorder and their summary."""
