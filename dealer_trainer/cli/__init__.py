"""The command line: argument parsing, prompts and terminal rendering live here only."""
