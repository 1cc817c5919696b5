"""Neuroshima Convoy (shared/rules/convoy.md): content (content.py, data/) and pure rules (rules/)."""
