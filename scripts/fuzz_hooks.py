"""Schemathesis hooks for `make fuzz` (scripts/fuzz.sh sets SCHEMATHESIS_HOOKS=fuzz_hooks).

The contract declares every rule the server checks; two kinds it can only state in words,
because JSON Schema has no keyword for them. These hooks make the *schema-valid* requests
Schemathesis generates obey them too, so its positive_data_acceptance check stays strict (a
widened check would accept any 400 of the operation). Requests built to break the schema
(negative cases) are left exactly as generated.

- Uniqueness inside a spec: `validators.classes[].id` and `qualifications[].key` are unique
  (ProjectSpec's description). A later duplicate is renamed.
- A class id must be one the project's spec declares (`class_not_in_spec`): createInvite (and
  createOriginatorInvite, its session twin), grantValidatorClass and assignValidator's
  `projects[].classId`. The hook asks the API which classes the project declares (GET /projects/{projectId}/classes, with the run's key) and uses
  one of them; without any, an optional classId is dropped (with its evidenceNote) and a grant,
  which cannot be valid then, is not sent. createAiValidator's `projects[].classId` must be an
  AI class (`type: ai`, else `ai_class_required`): the hook uses one, and a case naming a project
  of ours without any AI class is not sent.

- A webhook URL's host must resolve only to addresses the deployment allows receivers at
  (createWebhookEndpoint's description). The fuzz stack allows loopback receivers only and
  resolves no name (nothing it registers may ever receive traffic), so the hook points the URL
  at a loopback receiver, 127.0.0.1:9, keeping the generated scheme, path, query and fragment.

- An Idempotency-Key names one request: the same key with another body is
  `idempotency_key_reused` (422) by design. Generated keys repeat across cases, so a valid
  case gets a fresh key (replays and conflicts are tested in test/security/idempotency.test.ts).

Every request goes to the throwaway stack on 127.0.0.1 (ASSAY_FUZZ_BASE).
"""

import json
import os
import urllib.error
import urllib.parse
import urllib.request
import uuid

import schemathesis
from schemathesis import GenerationMode

BASE = os.environ.get("ASSAY_FUZZ_BASE", "")
KEY = os.environ.get("ASSAY_FUZZ_KEY", "")
_classes: dict[str, list[str] | None] = {}
_ai_classes: dict[str, list[str] | None] = {}
# Nothing listens there, and no worker runs to deliver to it anyway.
LOOPBACK_RECEIVER = "127.0.0.1:9"


def _operation_id(case) -> str | None:
    return case.operation.definition.raw.get("operationId")


def _positive(case) -> bool:
    meta = case.meta
    return meta is None or meta.generation.mode != GenerationMode.NEGATIVE


def _declared_classes(project_id: object) -> list[str] | None:
    """Class ids the project's spec declares; None when the project is not one of ours."""
    if not isinstance(project_id, str) or not BASE:
        return None
    if project_id not in _classes:
        request = urllib.request.Request(
            f"{BASE}/projects/{urllib.request.quote(project_id, safe='')}/classes",
            headers={"Authorization": f"Bearer {KEY}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                data = json.load(response)["data"] or []
                _classes[project_id] = [c["id"] for c in data]
                _ai_classes[project_id] = [c["id"] for c in data if c.get("type") == "ai"]
        except (urllib.error.URLError, ValueError, KeyError, TypeError):
            _classes[project_id] = None
            _ai_classes[project_id] = None
    return _classes[project_id]


def _declared_ai_classes(project_id: object) -> list[str] | None:
    """Ids of the AI classes (type ai) the project's spec declares; None when the project is not one of ours."""
    if _declared_classes(project_id) is None:
        return None
    return _ai_classes.get(project_id)  # type: ignore[arg-type]


def _fit_ai_classes(items: object) -> bool:
    """An AI validator holds an AI class of each of its projects: False when one of ours declares none."""
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        classes = _declared_ai_classes(item.get("id"))
        if classes is None:
            continue  # not our project: refused as not found, whatever the class
        if not classes:
            return False
        item["classId"] = item.get("classId") if item.get("classId") in classes else classes[0]
    return True


def _rename_duplicates(items: object, field: str) -> None:
    if not isinstance(items, list):
        return
    seen: set[str] = set()
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get(field), str):
            continue
        value, n = item[field], 2
        while value in seen:
            # Same alphabet as the ids' patterns; still at most 64 characters.
            suffix = f"_{n}"
            value, n = item[field][: 64 - len(suffix)] + suffix, n + 1
        item[field] = value
        seen.add(value)


def _fit_class(item: dict, project_id: object) -> bool:
    """Makes item["classId"] one the project declares; False when no valid value exists."""
    if "classId" not in item:
        return True
    classes = _declared_classes(project_id)
    if classes is None:
        return True  # not our project: the request is refused as not found, whatever the class
    if classes:
        current = item["classId"]
        item["classId"] = current if current in classes else classes[0]
        return True
    return False


@schemathesis.hook
def filter_case(context, case) -> bool:
    # A class grant on a project whose spec declares no class cannot be valid.
    if _operation_id(case) == "grantValidatorClass" and _positive(case) and isinstance(case.body, dict):
        return _fit_class(dict(case.body), case.path_parameters.get("projectId"))
    # An AI validator on a project of ours whose spec has no AI class cannot be valid.
    if _operation_id(case) == "createAiValidator" and _positive(case) and isinstance(case.body, dict):
        return _fit_ai_classes([dict(p) for p in case.body.get("projects") or [] if isinstance(p, dict)])
    return True


@schemathesis.hook
def map_case(context, case):
    if _positive(case) and case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
    if not _positive(case) or not isinstance(case.body, dict):
        return case
    operation = _operation_id(case)
    body = case.body
    if operation == "createProject" and isinstance(body.get("spec"), dict):
        spec = body["spec"]
        _rename_duplicates((spec.get("validators") or {}).get("classes") if isinstance(spec.get("validators"), dict) else None, "id")
        _rename_duplicates(spec.get("qualifications"), "key")
    elif operation in ("createInvite", "createOriginatorInvite", "grantValidatorClass"):
        if not _fit_class(body, case.path_parameters.get("projectId")):
            body.pop("classId", None)
            body.pop("evidenceNote", None)
    elif operation == "createWebhookEndpoint" and isinstance(body.get("url"), str):
        try:
            parts = urllib.parse.urlsplit(body["url"])
        except ValueError:
            return case
        body["url"] = urllib.parse.urlunsplit((parts.scheme, LOOPBACK_RECEIVER, parts.path, parts.query, parts.fragment))
    elif operation == "createAiValidator":
        _fit_ai_classes(body.get("projects"))
    elif operation == "assignValidator":
        for item in body.get("projects") or []:
            if isinstance(item, dict) and not _fit_class(item, item.get("id")):
                item.pop("classId", None)
                item.pop("evidenceNote", None)
    return case
