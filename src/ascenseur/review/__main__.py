"""``python -m ascenseur.review``: print the JSON Schema of ``ascenseur-review/1`` (what
``docs/review.schema.json`` keeps)."""

from ascenseur.review.format import schema_text

print(schema_text(), end="")
