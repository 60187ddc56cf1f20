"""generators"""
