/** The composition root. */
package org.walletstate.adapters.http.wiring;
