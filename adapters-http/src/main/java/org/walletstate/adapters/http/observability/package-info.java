/**
 * What operators see of the running service: the Prometheus meters (chain calls, signing time,
 * credits, {@code rpc_failure}s; HTTP requests come from Quarkus) and the request id of every log
 * line. Decorators and observers only: the use cases and chain readers do not know about meters.
 */
package org.walletstate.adapters.http.observability;
