/** The account feature over HTTP: free keys and the credits overview. */
package org.walletstate.adapters.http.account;
