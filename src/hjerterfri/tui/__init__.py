"""The Textual face of hjerterfri: the only package that imports textual and rich."""
