"""What a change of the search's constants does to the Expert's decision regret, paired on the same positions.

``python -m bezique regret`` measures levels and their options; the search's finer constants (the confidence
test's ``TWO_HANDED_BAR``, the rollouts' ``HORIZON``, a weight of ``EXPERT_CRAFT``...) are module
constants, so this tool measures the Expert on the regret command's positions twice in one process: as it is,
then with the constants named on the command line set, and prints the regret of each and their paired
difference (mean and standard error, by kind of decision). A negative difference is a gain. It is a probe for
choosing what to put before an arena, not a measure of strength: the arena decides. Usage:

    python lab/regret_constants.py "bezique.ai.confidence.TWO_HANDED_BAR=(0.8, 0.0)" \
        --oracle lab/regret/oracle_two_handed_500_s31000_p300_r48.json

A constant is set in its module and wherever another search module imported the same value by name; a named
tuple's fields are given as a plain tuple.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique.ai import regret
from bezique.commands.regret import kept_oracle, report

SEARCH_MODULES = ("bezique.ai.confidence", "bezique.ai.expert", "bezique.ai.knowledge", "bezique.ai.policy",
                  "bezique.ai.search")


def set_constant(assignment: str) -> str:
    """Set ``package.module.NAME=value`` (a Python literal) in its module and in the search modules that imported
    the same value under the same name; returns what was done, in words."""
    name, _, text = assignment.partition("=")
    module_name, _, attr = name.rpartition(".")
    module = importlib.import_module(module_name)
    old = getattr(module, attr)
    new = ast.literal_eval(text)
    if isinstance(old, tuple) and hasattr(old, "_fields"):  # a named tuple (confidence.Bar): its fields in order
        new = type(old)(*new)
    setattr(module, attr, new)
    also = []
    for other_name in SEARCH_MODULES:
        other = importlib.import_module(other_name)
        if other is not module and getattr(other, attr, None) is old:
            setattr(other, attr, new)
            also.append(other_name)
    return f"{name} = {new!r} (was {old!r}){'; also in ' + ', '.join(also) if also else ''}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("constants", nargs="+", help="package.module.NAME=value, a Python literal")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--rollouts", type=int, default=48)
    parser.add_argument("--seed", type=int, default=31000)
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--iterations", type=int, default=50, help="sampled deals a decision (default 50)")
    parser.add_argument("--after-iterations", type=int, default=0,
                        help="the changed Expert's sampled deals, to compare at the same cost (default: --iterations)")
    parser.add_argument("--oracle", help="the regret command's oracle file for these positions (read, or made)")
    args = parser.parse_args(argv)
    key = {"positions": args.positions, "seed": args.seed, "target": args.target, "rollouts": args.rollouts}
    positions = regret.sample_positions(args.positions, args.seed, args.target)
    values = kept_oracle(positions, key, args.oracle, 1, print)
    level = [("expert", {"iterations": args.iterations})]
    before = [c[0] for c in regret.choices_table(positions, args.seed, level)]
    for assignment in args.constants:
        print(set_constant(assignment))
    changed = [("expert", {"iterations": args.after_iterations or args.iterations})]
    after = [c[0] for c in regret.choices_table(positions, args.seed, changed)]
    judged = [regret.Judged(p.kind, p.stage, v, [b, a])
              for p, v, b, a in zip(positions, values, before, after, strict=True)]
    deals = f", {args.after_iterations} deals" if args.after_iterations else ""
    for line in report(judged, ["expert", "expert, " + " ".join(args.constants) + deals]):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
