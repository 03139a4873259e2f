"""Every object schema in openapi.yaml's components became a model of the generated client:
openapi-python-client drops a schema it cannot read, sometimes without a warning (an allOf of
if/then conditions did), so its warnings alone do not show what is missing.
Usage: check_models.py OPENAPI_YAML GENERATED_PACKAGE_DIR"""
import os
import sys

import yaml
from openapi_python_client.strings import snake_case

spec = yaml.safe_load(open(sys.argv[1]))
models = set(os.listdir(os.path.join(sys.argv[2], "models")))
# A choice of forms (oneOf, anyOf) is a union of its forms' models, not a model of its own.
expected = [name for name, schema in spec["components"]["schemas"].items()
            if schema.get("type") == "object" and "oneOf" not in schema and "anyOf" not in schema]
missing = [name for name in expected if snake_case(name) + ".py" not in models]
if missing:
    print(f"the generated client has no model for: {', '.join(missing)}", file=sys.stderr)
    sys.exit(1)
print(f"every object schema of the contract is a model: {len(expected)}")
