"""An example TIRx backend.

``register()`` (the ``tirx.backends`` entry point, called by ``import
tirx``) adds the script namespace ``T.example`` and loads the plugin
library (the pass ``tirx-example-count-ops``, the dialect ``tirx_example``)
when it finds it: in
``$TIRX_EXAMPLE_PLUGIN``, or next to this file.
"""

import os

__all__ = ["register", "plugin_path"]

PLUGIN_NAME = "TIRxExamplePlugin.so"


def plugin_path():
    """The plugin library, or None when it is not built."""
    for p in (os.environ.get("TIRX_EXAMPLE_PLUGIN"),
              os.path.join(os.path.dirname(os.path.abspath(__file__)), PLUGIN_NAME)):
        if p and os.path.isfile(p):
            return p
    return None


def register():
    import tirx
    from tirx.script import register_namespace
    from . import script
    register_namespace("example", script)
    path = plugin_path()
    return {"namespace": "example",
            "plugin": tirx.load_plugin(path) if path else None}
