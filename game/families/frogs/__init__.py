"""frogs"""
