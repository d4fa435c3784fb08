#!/usr/bin/env python3
"""Lists the main classes over 300 lines and the methods over 60 lines, in every module.

A class's size is its source file's line count; a method's (or constructor's) is the lines from
the one naming it to its closing brace. Generated sources and tests are not main code.

    python3 scripts/sizes.py [--classes N] [--methods N] [ROOT]

Exits 1 when anything is over the limits.
"""
import argparse
import pathlib
import re
import sys

CONTROL = {"if", "for", "while", "switch", "catch", "synchronized", "try", "else", "do",
           "finally", "return", "new", "throw", "case", "default", "yield"}
TYPE_KEYWORDS = re.compile(r"\b(class|interface|enum|record)\b")


def blank(text):
    """The source with comments, strings and character literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i)); i = j + 1
        else:
            out.append(c); i += 1
    return "".join(out)


def methods(path):
    """(name, first line, lines) of every method and constructor in one source file."""
    text = blank(path.read_text(encoding="utf-8"))
    found, stack, header_start = [], [], 0
    for i, c in enumerate(text):
        if c in ";{}":
            if c == "{":
                header = text[header_start:i]
                kind = "other"
                words = re.findall(r"[A-Za-z_$][\w$]*", re.sub(r"@\w+(\([^)]*\))?", " ", header))
                parent = stack[-1][0] if stack else "file"
                if TYPE_KEYWORDS.search(header) and "(" not in header.split("record")[0][-1:]:
                    kind = "class" if not re.search(r"=|->|\breturn\b", header) else "other"
                if TYPE_KEYWORDS.search(header) and re.search(r"\b(class|interface|enum)\b", header):
                    kind = "class"
                elif re.search(r"\bnew\s+[\w.<>\[\], ?]+\([^;]*\)\s*$", header):
                    kind = "class"  # an anonymous class
                elif parent == "class" and words and words[0] not in CONTROL:
                    m = re.search(r"([A-Za-z_$][\w$]*)\s*\(", header)
                    if m and "=" not in header[: m.start()] and "->" not in header:
                        kind = ("method", m.group(1), text.count("\n", 0, header_start + m.start()) + 1)
                    elif not m and "=" not in header and "->" not in header and words != ["static"]:
                        last = words[-1]
                        kind = ("method", last, text.count("\n", 0, i) + 1)  # a compact constructor
                stack.append((kind if isinstance(kind, str) else "method", kind))
            elif c == "}" and stack:
                _, kind = stack.pop()
                if isinstance(kind, tuple):
                    end = text.count("\n", 0, i) + 1
                    found.append((kind[1], kind[2], end - kind[2] + 1))
            header_start = i + 1
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--classes", type=int, default=300)
    parser.add_argument("--methods", type=int, default=60)
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    over = 0
    sources = sorted(
        p for p in root.glob("*/src/main/java/**/*.java") if "generated" not in p.parts)
    for path in sources:
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > args.classes:
            print(f"class  {lines:4d}  {path.relative_to(root)}")
            over += 1
    for path in sources:
        for name, line, length in methods(path):
            if length > args.methods:
                print(f"method {length:4d}  {path.relative_to(root)}:{line} {name}")
                over += 1
    print(f"{over} over the limits (classes > {args.classes} lines, methods > {args.methods})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
