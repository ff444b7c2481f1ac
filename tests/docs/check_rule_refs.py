#!/usr/bin/env python3
"""check_rule_refs.py - every fixture points at a section of docs/rules/.

Usage: check_rule_refs.py RULES_DIR FIXTURE_DIR...

For every fixture (docs/fixtures.md) it checks that
  - its `item` numbers are numbered items of §7 of docs/rules/<variant>.md,
  - every `spec FILE §n` in its source lines names an existing section n of
    docs/rules/FILE, and every bare `§n` a section of its own variant file,
  - every quotation after a section reference (`§4: "..."`) is text of
    that section,
  - every `seed NNN` it quotes is described in docs/rules/seeds/README.md,
  - every source tag before the first ':' of its first source line (TALV,
    CVP, ...) is listed in §0 of its variant file,
  - and that it has at least one item or section reference at all.
Prints one line per problem (file:line: ...) and exits 1 if there is any.
"""
import os
import re
import sys

SECTION = re.compile(r"^## (\d+)\. ", re.M)
SPEC_REF = re.compile(r"spec (\S+\.md) §(\d+)")
BARE_REF = re.compile(r"§(\d+)")
SEED_REF = re.compile(r"\bseed (\d{3})\b")
# A section reference followed by a quotation: `spec brusky.md §4: "..."`.
QUOTE_REF = re.compile(r'(?:spec (\S+\.md) )?§(\d+)[^:"]{0,40}: "([^"]+)"')
TAG = re.compile(r"\b[A-Z][A-Z0-9]+\b")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def sections(text):
    return {int(n) for n in SECTION.findall(text)}


def section_body(text, n):
    m = re.search(r"^## %d\. .*?(?=^## \d+\. |\Z)" % n, text, re.M | re.S)
    return m.group(0) if m else ""


def flat(text):
    """Text without Markdown emphasis and line breaks, for finding quotations."""
    return re.sub(r"[\s*`]+", " ", text)


def rules_model(rules_dir):
    """The sections, §7 items and §0 tags of every file in rules_dir."""
    model = {}
    for name in os.listdir(rules_dir):
        if not name.endswith(".md"):
            continue
        text = read(os.path.join(rules_dir, name))
        items = {int(n) for n in re.findall(r"^(\d+)\. ", section_body(text, 7), re.M)}
        tags = set(re.findall(r"^\| ([A-Z][A-Z0-9]+) \|", section_body(text, 0), re.M))
        bodies = {n: flat(section_body(text, n)) for n in sections(text)}
        model[name] = {"sections": sections(text), "items": items, "tags": tags, "bodies": bodies}
    seeds_readme = os.path.join(rules_dir, "seeds", "README.md")
    seeds = set(re.findall(r"^## Seed (\d{3})$", read(seeds_readme), re.M)) if os.path.exists(seeds_readme) else set()
    return model, seeds


def fixtures(paths):
    """Yields (file, line, record) with record = {key: [(line, value)]}."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in names if n.endswith(".fix")]
        else:
            files.append(p)
    for path in sorted(files):
        rec, start = None, 0
        for lineno, raw in enumerate(read(path).splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(" ")
            if key == "fixture":
                rec, start = {}, lineno
            elif key == "end" and rec is not None:
                yield path, start, rec
                rec = None
            elif rec is not None:
                rec.setdefault(key, []).append((lineno, value.strip()))


def check_fixture(path, start, rec, model, seeds):
    problems = []
    where = lambda n: "%s:%d" % (path, n)
    variant = rec.get("variant", [(start, "?")])[0][1]
    own = variant + ".md"
    if own not in model:
        return ["%s: no docs/rules/%s for variant '%s'" % (where(start), own, variant)]
    refs = 0
    for lineno, value in rec.get("item", []):
        for n in value.split():
            refs += 1
            if not n.isdigit() or int(n) not in model[own]["items"]:
                problems.append("%s: item %s is not a numbered item of %s §7" % (where(lineno), n, own))
    sources = rec.get("source", [])
    if not sources:
        problems.append("%s: fixture has no source line" % where(start))
    for lineno, value in sources:
        for name, n in SPEC_REF.findall(value):
            refs += 1
            if name not in model or int(n) not in model[name]["sections"]:
                problems.append("%s: 'spec %s §%s' is not a section of docs/rules/" % (where(lineno), name, n))
        for n in BARE_REF.findall(SPEC_REF.sub("", value)):
            refs += 1
            if int(n) not in model[own]["sections"]:
                problems.append("%s: '§%s' is not a section of %s" % (where(lineno), n, own))
        for name, n, quote in QUOTE_REF.findall(value):
            name = name or own
            body = model.get(name, {}).get("bodies", {}).get(int(n), "")
            for part in quote.split("..."):
                if part.strip() and flat(part.strip()) not in body:
                    problems.append("%s: the quotation \"%s\" is not in %s §%s" % (where(lineno), part.strip(), name, n))
        for n in SEED_REF.findall(value):
            if n not in seeds:
                problems.append("%s: seed %s is not described in docs/rules/seeds/README.md" % (where(lineno), n))
    if sources:
        lineno, first = sources[0]
        head = first.split(":", 1)[0] if ":" in first else ""
        if head and not head.startswith("spec ") and not head.startswith("§"):
            for tag in TAG.findall(head.split("(")[0]):
                if tag not in model[own]["tags"]:
                    problems.append("%s: source tag %s is not in %s §0" % (where(lineno), tag, own))
    if refs == 0:
        problems.append("%s: fixture cites neither an item nor a section of docs/rules/" % where(start))
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    model, seeds = rules_model(argv[1])
    count, problems = 0, []
    for path, start, rec in fixtures(argv[2:]):
        count += 1
        problems += check_fixture(path, start, rec, model, seeds)
    for p in problems:
        print(p)
    if count == 0:
        print("no fixtures found in %s" % " ".join(argv[2:]))
        return 1
    print("%d fixtures, %d problems" % (count, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
