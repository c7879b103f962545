"""``python -m dealer_trainer``: the same as the ``dealer-trainer`` command."""

from dealer_trainer.cli.main import main

raise SystemExit(main())
