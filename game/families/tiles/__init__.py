"""tiles"""
