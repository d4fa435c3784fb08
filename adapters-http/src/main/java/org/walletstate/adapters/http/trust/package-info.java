/** {@code POST /v1/trust} and {@code POST /v1/trust/batch}: wallet trust profiles. */
package org.walletstate.adapters.http.trust;
