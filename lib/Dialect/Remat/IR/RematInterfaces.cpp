//===- RematInterfaces.cpp - remat cost-model interface -------------------===//

#include "remat/Dialect/Remat/IR/RematInterfaces.h"

#include "remat/Dialect/Remat/IR/RematInterfaces.cpp.inc"
