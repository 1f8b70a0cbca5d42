"""Which texts a language still lacks: after a merge, the keys other branches added to en.py (and it.py) but not to
fr.py, printed with their English text as lines to translate and paste into the table next to their neighbours.

    python3 tools/missing_translations.py          # every language
    python3 tools/missing_translations.py fr       # one

It also lists placeholder mismatches and plural problems (the parity tests in tests/test_i18n.py fail on the same).
Exit status 1 when anything is missing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique import i18n


def main(argv: list[str]) -> int:
    langs = argv or [lang for lang in i18n.LANGUAGES if lang != "en"]
    english = i18n.TABLES["en"]
    order = {key: i for i, key in enumerate(english)}
    missing = i18n.missing_keys()
    plural = i18n.plural_problems()
    found = False
    for lang in langs:
        keys = sorted(missing[lang], key=lambda k: order.get(k, len(order)))
        if keys:
            found = True
            print(f"# {lang}: {len(keys)} keys to translate (English text shown)")
            for key in keys:
                print(f"    {json.dumps(key)}: {json.dumps(english.get(key, ''), ensure_ascii=False)},")
        for problem in plural[lang]:
            found = True
            print(f"# {lang} plural: {problem}")
    for key, by_lang in sorted(i18n.placeholder_mismatches().items()):
        found = True
        print(f"# placeholders differ for {key}: {by_lang}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
