"""Tarot ascenseur: rules engine, records, bots and play."""
