/** Process start-up: the main class and the local embedded database. */
package org.walletstate.adapters.http.bootstrap;
