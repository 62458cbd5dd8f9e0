import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, ADDRESS_MESSAGES, CHECKOUT_MESSAGES } from '@shopper/contract';
import { logInWithForm, openHeaderPanel, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { screenshotBothSizes } from '../fixtures/back-office.ts';

test.describe('profile', () => {
  test('edits name, phone and address with live validation messages', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Profile Pat' });
    const basic = page.getByRole('region', { name: 'Basic Information' });
    const address = page.getByRole('region', { name: 'Shipping Address' });

    await test.step('the customer opens the profile: no phone given yet', async () => {
      await openSignedIn(page, account, '/profile');
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(basic.getByText(UI.notProvided)).toBeVisible();
    });

    await test.step('edits name and phone: an empty name and a short phone are refused as typed', async () => {
      await basic.getByRole('button', { name: 'Edit basic information' }).click();
      const save = basic.getByRole('button', { name: 'Save Changes' });
      await basic.getByLabel('Name').fill('');
      await expect(basic.getByText(ACCOUNT_MESSAGES.nameRequired)).toBeVisible();
      await basic.getByLabel('Name').fill('Patricia Profile');
      await expect(basic.getByLabel('Phone')).toHaveAttribute('placeholder', UI.phonePlaceholder);
      await basic.getByLabel('Phone').fill('12345');
      await expect(basic.getByText(ACCOUNT_MESSAGES.phoneDigits)).toBeVisible();
      await expect(save).toBeDisabled();
      await basic.getByLabel('Phone').fill('+1 (555) 123-4567');
      await expect(save).toBeEnabled();
      await save.click();
      await expect(page.getByText(ACCOUNT_MESSAGES.profileUpdated)).toBeVisible();
      await expect(basic.getByText('Patricia Profile')).toBeVisible();
      await expect(basic.getByText(/555/)).toBeVisible();
    });

    await test.step('enters a shipping address: each missing field is named until it is filled', async () => {
      await expect(address.getByText(UI.noAddress)).toBeVisible();
      await address.getByRole('button', { name: 'Edit shipping address' }).click();
      await address.getByLabel('Street Address').fill('12 Harbour Road');
      await expect(address.getByText(ACCOUNT_MESSAGES.cityRequired)).toBeVisible();
      await expect(address.getByText(ACCOUNT_MESSAGES.zipRequired)).toBeVisible();
      await expect(address.getByText(ACCOUNT_MESSAGES.countryRequired)).toBeVisible();
      await expect(address.getByRole('button', { name: 'Save' })).toBeDisabled();
      await address.getByLabel('City').fill('Toronto');
      await address.getByLabel('State/Province').fill('ON');
      await address.getByLabel('Zip/Postal Code').fill('M5V 2T6');
      await address.getByLabel('Country').selectOption({ label: 'Canada' });
      await address.getByRole('button', { name: 'Save' }).click();
      await expect(address.getByText('12 Harbour Road')).toBeVisible();
      await expect(address.getByText('Toronto, ON M5V 2T6')).toBeVisible();
      await expect(address.getByText('Canada')).toBeVisible();
    });

    await test.step('reloads the page: the saved profile is still there', async () => {
      await page.reload();
      await expect(address.getByText('Toronto, ON M5V 2T6')).toBeVisible();
    });

    await test.step('empties every address field and saves: the address is cleared', async () => {
      await address.getByRole('button', { name: 'Edit shipping address' }).click();
      for (const label of ['Street Address', 'City', 'State/Province', 'Zip/Postal Code']) {
        await address.getByLabel(label).fill('');
      }
      await address.getByLabel('Country').selectOption({ label: UI.selectCountry });
      await address.getByRole('button', { name: 'Save' }).click();
      await expect(address.getByText(UI.noAddress)).toBeVisible();
    });
  });

  test('keeps an address book: adds with checkout’s messages, edits, picks the default, deletes', async ({
    page,
    request,
  }) => {
    // Four changes, a reload and screenshots at two sizes: more than the default time on a loaded two-core machine.
    test.slow();
    const account = await signUpVerified(request, { name: 'Booker Pat' });
    const book = page.getByRole('region', { name: 'Address Book' });
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    const entry = (name: string) => book.getByRole('listitem', { name });

    await test.step('the book starts empty', async () => {
      await openSignedIn(page, account, '/profile');
      await expect(book.getByText(ADDRESS_MESSAGES.bookEmpty)).toBeVisible();
    });

    await test.step('adds a first address: an empty field gets checkout’s one message; it becomes the default', async () => {
      await book.getByRole('button', { name: 'Add address' }).click();
      const form = book.getByRole('form', { name: 'New address' });
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(form.getByText(CHECKOUT_MESSAGES.shippingFieldsRequired)).toHaveCount(1);
      await form.getByLabel('Label').fill('Home');
      await form.getByLabel('Address', { exact: true }).fill('12 Harbour Road');
      await form.getByLabel('City').fill('Toronto');
      await form.getByLabel('State/Province').fill('ON');
      await form.getByLabel('Country').selectOption({ label: 'Canada' });
      await form.getByLabel('Zip/Postal Code').fill('M5V 2T6');
      await form.getByLabel('Phone number').fill('+1 416 555 0100');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(entry('Home')).toContainText('Default');
      // The default is the profile's shipping address.
      await expect(shipping.getByText('Toronto, ON M5V 2T6')).toBeVisible();
    });

    await test.step('adds a second one: the server refuses a bad zip with its words', async () => {
      await book.getByRole('button', { name: 'Add address' }).click();
      const form = book.getByRole('form', { name: 'New address' });
      await form.getByLabel('Label').fill('Work');
      await form.getByLabel('Address', { exact: true }).fill('2 Mill Lane');
      await form.getByLabel('City').fill('Leeds');
      await form.getByLabel('State/Province').fill('West Yorkshire');
      await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
      await form.getByLabel('Zip/Postal Code').fill('L!');
      await form.getByLabel('Phone number').fill('+44 113 496 0000');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(form.getByText(CHECKOUT_MESSAGES.zipInvalid)).toBeVisible();
      await form.getByLabel('Zip/Postal Code').fill('LS1 4AP');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(entry('Work')).toContainText('2 Mill Lane');
      await expect(entry('Work')).not.toContainText('Default');
      await screenshotBothSizes(page, 'profile-address-book');
    });

    await test.step('edits the second one, then makes it the default: the profile follows', async () => {
      await book.getByRole('button', { name: 'Edit Work' }).click();
      const form = book.getByRole('form', { name: 'Edit Work' });
      await form.getByLabel('Address', { exact: true }).fill('3 Mill Lane');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(entry('Work')).toContainText('3 Mill Lane');
      await book.getByRole('button', { name: 'Make Work the default' }).click();
      await expect(entry('Work')).toContainText('Default');
      await expect(shipping.getByText('3 Mill Lane')).toBeVisible();
    });

    await test.step('deletes the default: the other one takes its place, also after a reload', async () => {
      await book.getByRole('button', { name: 'Delete Work' }).click();
      await expect(entry('Work')).toHaveCount(0);
      await expect(entry('Home')).toContainText('Default');
      await page.reload();
      await expect(entry('Home')).toContainText('Default');
      await expect(shipping.getByText('12 Harbour Road')).toBeVisible();
    });
  });

  test('validates a change typed before the browser has painted the form', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Quick Quinn' });
    const basic = page.getByRole('region', { name: 'Basic Information' });

    await test.step('the customer opens the profile', async () => {
      await openSignedIn(page, account, '/profile');
      await expect(basic.getByText(UI.notProvided)).toBeVisible();
    });

    await test.step('empties the name before the next frame: the message shows once one comes', async () => {
      // With the page's clock stopped no frame comes, as on a busy phone: what runs after paint waits.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await basic.getByRole('button', { name: 'Edit basic information' }).click();
      await basic.getByLabel('Name').fill('');
      await page.clock.runFor(400);
      await expect(basic.getByText(ACCOUNT_MESSAGES.nameRequired)).toBeVisible();
    });
  });

  test('changes the password; a wrong current password is refused', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Password Polly' });
    const section = page.getByRole('region', { name: 'Password Management' });
    const update = section.getByRole('button', { name: 'Update Password' });

    await test.step('the customer opens the password form: Update waits for the rules to be met', async () => {
      await openSignedIn(page, account, '/profile');
      await section.getByRole('button', { name: 'Change Password' }).click();
      await expect(update).toBeDisabled();
      await expect(section.getByText(UI.passwordMust)).toBeVisible();
    });

    await test.step('confirms the new password, but gives a wrong current one: refused', async () => {
      await section.getByLabel('Current Password').fill('Not-my-password1!');
      await section.getByLabel('New Password', { exact: true }).fill('Changed-pass2!');
      await section.getByLabel('Confirm New Password').fill('Changed-pass');
      await expect(section.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeVisible();
      await section.getByLabel('Confirm New Password').fill('Changed-pass2!');
      await expect(section.getByText(ACCOUNT_MESSAGES.passwordsMatch)).toBeVisible();
      await update.click();
      await expect(section.getByText(ACCOUNT_MESSAGES.currentPasswordIncorrect)).toBeVisible();
      await expect(section.getByLabel('Current Password')).toHaveValue('');
    });

    await test.step('gives the right current password: the password is changed', async () => {
      await section.getByLabel('Current Password').fill(account.password);
      await update.click();
      await expect(section.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
      await expect(section.getByLabel('Current Password')).toHaveCount(0);
    });

    await test.step('logs in with the new password', async () => {
      const login = await request.post('/api/users/login', {
        data: { email: account.email, password: 'Changed-pass2!' },
      });
      expect(login.status()).toBe(200);
    });
  });

  test('disables the account, logs out, and the login is then refused', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Leaving Lee' });
    const dialog = page.getByRole('dialog', { name: 'Disable Your Account' });

    await test.step('the customer asks to disable the account: the password is required', async () => {
      await openSignedIn(page, account, '/profile');
      const section = page.getByRole('region', { name: 'Account Management' });
      await expect(section.getByText(UI.disableWarning)).toBeVisible();
      await section.getByRole('button', { name: 'Disable Account' }).click();
      await dialog.getByRole('button', { name: 'Disable Account' }).click();
      await expect(dialog.getByText(ACCOUNT_MESSAGES.disablePasswordRequired)).toBeVisible();
    });

    await test.step('confirms with the password: logged out and sent home', async () => {
      await dialog.getByLabel('Password').fill(account.password);
      await dialog.getByRole('button', { name: 'Disable Account' }).click();
      await expect(page.getByText(ACCOUNT_MESSAGES.accountDisabledDone).first()).toBeVisible();
      await expect(page).toHaveURL('/');
      await openHeaderPanel(page);
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    });

    await test.step('tries to log in again: refused', async () => {
      await page.goto('/login');
      await logInWithForm(page, account.email, account.password);
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(page).toHaveURL('/login');
    });
  });

  test('?tokenExpired=true shows its message and leaves the address bar', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Token Tina' });
    await openSignedIn(page, account, '/profile?tokenExpired=true');
    await expect(page.getByText(UI.passwordChangeExpired)).toBeVisible();
    await expect(page).toHaveURL('/profile');
  });
});
