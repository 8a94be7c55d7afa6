"""The Streamlit front end: the only package that imports streamlit."""
