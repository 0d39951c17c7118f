"""One JSON object a line (settings.LOGGING with env LOG_FORMAT=json): what a log shipper reads without a
pattern, from every process of every node alike.

Fields: time (UTC, ISO 8601 to the millisecond), level, logger, message, node and process (observe.identity),
pid (two daphne of one node are both "daphne"), exception (the traceback's text) when there is one, and what
the call passed in `extra=` that JSON can say.
"""

from __future__ import annotations

import json
import logging
import logging.config
from datetime import UTC, datetime
from typing import Any

from observe import identity

# What every LogRecord has: not an `extra` of the call.
_RECORD_FIELDS = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "node": identity.node(),
            "process": identity.kind(),
            "pid": record.process,
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        for name, value in vars(record).items():
            if name not in _RECORD_FIELDS and name not in line:
                line[name] = value
        return json.dumps(line, default=str, ensure_ascii=False)


def configure_json(config: dict[str, Any]) -> None:
    """settings.LOGGING_CONFIG with LOG_FORMAT=json: Django's dictConfig, and Python's warnings (Celery's, a
    library's deprecations) through the logging too, so that they are JSON lines rather than raw text."""
    logging.config.dictConfig(config)
    logging.captureWarnings(True)
