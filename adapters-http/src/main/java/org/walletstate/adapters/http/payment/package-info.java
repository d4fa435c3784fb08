/**
 * Configuration of payments to the service and its translation into the domain's rules (no CDI).
 */
package org.walletstate.adapters.http.payment;
