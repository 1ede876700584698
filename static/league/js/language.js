// The header's language menu submits itself when changed (the form posts to
// Django's set_language, which remembers the choice in the language cookie).
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-testid=language-select]")) event.target.form.submit();
});
