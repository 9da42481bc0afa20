/**
 * The fake repository's files as they start (five modules without type annotations and
 * their tests), and the two test runs it reports: failing on the off-by-one, then passing.
 */
export const MODULES: Record<string, string> = {
  'utils/strings.py': `"""String helpers used by the report generator."""


def slugify(text):
    """Lower-case words joined by hyphens."""
    return "-".join(text.lower().split())


def truncate(text, limit):
    """Cut text to limit characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def initials(name):
    return "".join(part[0].upper() for part in name.split() if part)
`,
  'utils/dates.py': `"""Date helpers for invoices and reminders."""
from datetime import date, timedelta


def days_between(start, end):
    """Whole days from start to end."""
    return (end - start).days + 1


def add_business_days(start, days):
    current = start
    while days > 0:
        current += timedelta(days=1)
        if current.weekday() < 5:
            days -= 1
    return current


def iso_week(day):
    return day.isocalendar()[1]
`,
  'utils/money.py': `"""Money helpers; amounts are integer cents."""


def to_cents(amount):
    return round(amount * 100)


def format_price(cents, currency):
    return f"{currency} {cents / 100:,.2f}"


def split_evenly(cents, parts):
    share, rest = divmod(cents, parts)
    return [share + 1 if index < rest else share for index in range(parts)]
`,
  'utils/paths.py': `"""Path helpers."""
from pathlib import Path


def ensure_suffix(path, suffix):
    return path if path.suffix == suffix else path.with_suffix(suffix)


def relative_to_root(path, root):
    return Path(path).resolve().relative_to(Path(root).resolve())
`,
  'utils/retry.py': `"""Retry with exponential backoff."""
import time


def backoff_delays(attempts, base):
    return [base * 2**attempt for attempt in range(attempts)]


def retry(action, attempts, base):
    for delay in backoff_delays(attempts, base):
        try:
            return action()
        except ConnectionError:
            time.sleep(delay)
    return action()
`,
};

export const TESTS = `from datetime import date
from pathlib import Path

from utils.dates import add_business_days, days_between, iso_week
from utils.money import format_price, split_evenly, to_cents
from utils.paths import ensure_suffix
from utils.retry import backoff_delays
from utils.strings import initials, slugify, truncate


def test_slugify():
    assert slugify("Quarterly Report") == "quarterly-report"


def test_days_between():
    assert days_between(date(2024, 3, 1), date(2024, 3, 3)) == 2


def test_add_business_days():
    assert add_business_days(date(2024, 3, 1), 1) == date(2024, 3, 4)


def test_split_evenly():
    assert split_evenly(100, 3) == [34, 33, 33]
`;

export const FAILING_RUN = `============================= test session starts ==============================
collected 4 items

tests/test_utils.py .F..                                                 [100%]

=================================== FAILURES ===================================
______________________________ test_days_between _______________________________

    def test_days_between():
>       assert days_between(date(2024, 3, 1), date(2024, 3, 3)) == 2
E       assert 3 == 2
E        +  where 3 = days_between(datetime.date(2024, 3, 1), datetime.date(2024, 3, 3))

tests/test_utils.py:15: AssertionError
=========================== short test summary info ============================
FAILED tests/test_utils.py::test_days_between - assert 3 == 2
========================= 1 failed, 3 passed in 0.05s ==========================`;

export const PASSING_RUN = `============================= test session starts ==============================
collected 4 items

tests/test_utils.py ....                                                 [100%]

============================== 4 passed in 0.04s ===============================`;
