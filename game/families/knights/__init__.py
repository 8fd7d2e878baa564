"""knights"""
