/** Request bodies: from bytes to the domain's raw request values. */
package org.walletstate.adapters.http.body;
