/**
 * Where failures become envelopes: REST exception mappers and the HTTP edge below the REST layer
 * (bodies refused before a resource is reached, failures outside any resource).
 */
package org.walletstate.adapters.http.edge;
