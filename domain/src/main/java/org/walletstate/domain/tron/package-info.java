/**
 * What this service reads from Tron (solidified state through the full node's HTTP API), as values.
 */
package org.walletstate.domain.tron;
