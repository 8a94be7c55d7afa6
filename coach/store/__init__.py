"""The learner's progress and the live classroom in a database; ``migrations/``: its schema versions."""
