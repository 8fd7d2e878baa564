"""midend"""
