/**
 * What the resources of one kind of endpoint take at the edge, as one object built by the
 * composition root: {@link org.walletstate.adapters.http.exchange.Exchange} for a JSON endpoint
 * answered to its caller, {@link org.walletstate.adapters.http.exchange.PayableExchange} for one
 * that is also payable per call.
 */
package org.walletstate.adapters.http.exchange;
