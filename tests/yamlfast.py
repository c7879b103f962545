"""The YAML parser the tests read the bank and the corpus with: libyaml's ``CSafeLoader``
where PyYAML was built with it (some ten times the pure-Python ``SafeLoader``), the same safe
subset of YAML either way. Two test modules read all 310 scenarios when they are imported, in
every pytest worker, before any test runs: with the pure-Python parser that took 2 s each."""

from __future__ import annotations

import yaml

FAST_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
