"""A game declared and loaded: ``GameSpec``, the hook specifications, plugins, ``Game``
and the registry of installed games. The top engine layer: it imports the three
below it, and nothing imports it but the package's public face and the tools."""
