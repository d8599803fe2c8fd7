#!/usr/bin/env python3
"""Recomputes the LineSha256 of release register lines without the service's code (RFC 8785, SHA-256).

Reads the register's JSON answer (GET .../release-register?year=YYYY) or one line from stdin, prints one line per
register line: its container, its time and `ok` or `MISMATCH`, and checks each line's PreviousSha256 against the line
before it. Exit 1 on any mismatch. Python 3 standard library only.

    curl -s "$W/release-register?year=2026" -H "Authorization: Bearer $RPO" | python3 tools/verify-register.py
"""
import hashlib
import json
import sys


def ecma_number(x):
    """A number as ECMAScript's Number.prototype.toString writes it (RFC 8785 section 3.2.2.3)."""
    if x != x or x in (float('inf'), float('-inf')):
        raise ValueError('RFC 8785 has no NaN or Infinity')
    if x == 0:
        return '0'
    if x < 0:
        return '-' + ecma_number(-x)
    mantissa, _, exponent = repr(float(x)).partition('e')  # shortest round-trip digits, as ECMAScript's
    whole, _, fraction = mantissa.partition('.')
    digits = (whole + fraction).lstrip('0')
    shift = (int(exponent) if exponent else 0) - len(fraction)
    stripped = digits.rstrip('0')
    shift += len(digits) - len(stripped)
    k, n = len(stripped), len(stripped) + shift  # x = digits × 10^(n−k)
    if k <= n <= 21:
        return stripped + '0' * (n - k)
    if 0 < n <= 21:
        return stripped[:n] + '.' + stripped[n:]
    if -6 < n <= 0:
        return '0.' + '0' * (-n) + stripped
    sign = '+' if n - 1 >= 0 else '-'
    head = stripped[0] + ('.' + stripped[1:] if k > 1 else '')
    return f'{head}e{sign}{abs(n - 1)}'


def canonical(value):
    """RFC 8785: members sorted by UTF-16 code units, no whitespace, ECMAScript numbers, minimal string escapes."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return ecma_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return '[' + ','.join(canonical(v) for v in value) + ']'
    members = sorted(value.items(), key=lambda item: item[0].encode('utf-16-be'))
    return '{' + ','.join(json.dumps(k, ensure_ascii=False) + ':' + canonical(v) for k, v in members) + '}'


def line_sha256(line):
    hashed = {k: v for k, v in line.items() if k != 'LineSha256'}
    return hashlib.sha256(canonical(hashed).encode('utf-8')).hexdigest()


def main():
    answer = json.load(sys.stdin)
    lines = answer.get('ReleaseRegisterModelCollection', [answer]) if isinstance(answer, dict) else answer
    failed = False
    for i, line in enumerate(lines):
        ok = line_sha256(line) == line.get('LineSha256')
        linked = i == 0 or line.get('PreviousSha256') == lines[i - 1].get('LineSha256')
        failed |= not (ok and linked)
        state = 'ok' if ok else 'MISMATCH'
        link = '' if linked else ' (PreviousSha256 is not the line before: order by the chain, or a line is missing)'
        print(f"{line.get('ReleasedAt')} {line.get('ContainerUuid')} {state}{link}")
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
