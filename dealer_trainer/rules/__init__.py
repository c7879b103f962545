"""The rulebooks as data: rulesets (and, later, the rules corpus and glossary)."""
