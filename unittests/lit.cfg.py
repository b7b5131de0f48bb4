# -*- Python -*-
# Runs the GoogleTest binaries of unittests/ as part of check-remat.
import os
import lit.formats

config.name = "REMAT-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.remat_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
