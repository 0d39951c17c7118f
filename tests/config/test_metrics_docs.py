"""What docs/deployment.md ("Seeing it: metrics and logs") gives an operator works as written: its prometheus.yml
and its alert rules pass Prometheus' own checks (Debian's promtool), and the Grafana dashboard in docs/ is a
dashboard whose every query is PromQL over metrics the site exposes, covering every one of them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

from prometheus_client import REGISTRY

from observe import metrics
from tests.conftest import ROOT

PROMTOOL = shutil.which("promtool") or "promtool"  # Debian's prometheus package (.ci/run installs it)
SECTION = "## Seeing it: metrics and logs"
DASHBOARD = ROOT / "docs" / "grafana-dashboard.json"
TOKEN_FILE = "/etc/prometheus/dreamgames-metrics-token"


def section() -> str:
    text = (ROOT / "docs" / "deployment.md").read_text()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end != -1 else None]


def yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", section(), re.S)


def the_sites_metrics() -> dict[str, set[str]]:
    """Every dreamgames_* family the site registers, with the sample names it exposes."""
    found: dict[str, set[str]] = {}
    queue_depths = metrics.QueueDepths(dict).describe()  # registered by the clock only (its command)
    for family in [*REGISTRY.collect(), *queue_depths]:
        if family.name.startswith("dreamgames_"):
            suffixes = {"counter": ["_total"], "histogram": ["_bucket", "_sum", "_count"]}.get(family.type, [""])
            found[family.name] = {family.name + suffix for suffix in suffixes}
    return found


def promtool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([PROMTOOL, *args], capture_output=True, text=True, timeout=60)


def named_metrics(expression: str) -> set[str]:
    return set(re.findall(r"\bdreamgames_[a-z_]+", expression))


def test_the_documented_scrape_config_and_alert_rules_pass_promtool(tmp_path):
    config, alerts = yaml_blocks()
    token = tmp_path / "token"
    token.write_text("a-token\n")
    (tmp_path / "prometheus.yml").write_text(config.replace(TOKEN_FILE, str(token)))
    (tmp_path / "dreamgames-alerts.yml").write_text(alerts)
    checked = promtool("check", "config", str(tmp_path / "prometheus.yml"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "8 rules found" in checked.stdout + checked.stderr  # the rules file it names was read and checked too
    assert "credentials_file: " + TOKEN_FILE in config and "job_name: dreamgames-daphne" in config


def test_the_alerts_name_only_metrics_the_site_exposes():
    exposed = set().union(*the_sites_metrics().values())
    (_config, alerts) = yaml_blocks()
    assert named_metrics(alerts) and named_metrics(alerts) <= exposed, named_metrics(alerts) - exposed


def test_the_dashboard_is_a_grafana_dashboard_with_a_prometheus_data_source_variable():
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["schemaVersion"] >= 39 and dashboard["title"] == "Dream Games"
    variables = {variable["name"]: variable for variable in dashboard["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource" and variables["datasource"]["query"] == "prometheus"
    assert "node" in variables["node"]["definition"]
    for panel in dashboard["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == "${datasource}", panel["title"]
            assert panel["targets"], panel["title"]


def test_every_query_of_the_dashboard_is_promql_and_every_metric_has_a_panel(tmp_path):
    dashboard = json.loads(DASHBOARD.read_text())
    expressions = [target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])]
    exposed_by_family = the_sites_metrics()
    exposed = set().union(*exposed_by_family.values())
    shown = set().union(*(named_metrics(expression) for expression in expressions))
    assert shown <= exposed, shown - exposed
    missing = [name for name, names in exposed_by_family.items() if not names & shown]
    assert not missing, missing
    # Grafana's variables as Prometheus would get them, each query a recording rule for promtool to parse.
    rules = [
        {
            "record": f"dashboard:query{number}",
            "expr": expression.replace("$__rate_interval", "5m").replace("$node", ".*"),
        }
        for number, expression in enumerate(expressions)
    ]
    (tmp_path / "queries.yml").write_text(json.dumps({"groups": [{"name": "dashboard", "rules": rules}]}))
    checked = promtool("check", "rules", str(tmp_path / "queries.yml"))
    assert checked.returncode == 0 and f"{len(rules)} rules found" in checked.stdout, checked.stdout + checked.stderr
