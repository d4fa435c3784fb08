package org.walletstate.domain.commerce;

import java.util.Optional;

/**
 * {@code POST /v1/merchants/{id}/scanners}: {@code {"pin": "4821", "label": "Till 1"}} adds a
 * scanner; {@code {"action": "remove", "scannerId": "scn_…"}} removes one. {@code action} is {@code
 * add} when left out.
 */
public sealed interface ScannerChange {

  record Add(ScannerPin pin, Optional<String> label) implements ScannerChange {}

  record Remove(String scannerId) implements ScannerChange {}
}
