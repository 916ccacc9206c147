"""Every map reader stays pygame-free (common brief: tactics/maps never imports pygame)."""

import subprocess
import sys


def test_map_readers_import_no_pygame():
    code = (
        "import sys\n"
        "import tactics.maps.native, tactics.maps.tiled, tactics.maps.uvtt\n"
        "import tactics.maps.image, tactics.maps.imagesize, tactics.maps.fields, pytiled_parser\n"
        "print(','.join(m for m in sys.modules if m.startswith('pygame')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
